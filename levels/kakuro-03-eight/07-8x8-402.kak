kakuro
title "Eight 7"
by "Hanjie generator"
license MIT
difficulty 3
seed 402
size 8x8

grid
#     #     #     #     #     #     #     #
#     #     20\   17\   28\   #     #     #
#     \7    .     .     .     3\    19\   #
#     \18   .     .     .     .     .     7\
#     \26   .     .     .     .     .     .
#     #     \4    .     .     16\12 .     .
#     #     \31   .     .     .     .     .
#     #     #     \12   .     .     .     #

solution
# # # # # # # #
# # # # # # # #
# # 4 2 1 # # #
# # 7 3 5 1 2 #
# # 9 4 7 2 3 1
# # # 1 3 # 8 4
# # # 7 8 9 5 2
# # # # 4 7 1 #
