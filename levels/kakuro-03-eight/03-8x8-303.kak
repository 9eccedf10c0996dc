kakuro
title "Eight 3"
by "Hanjie generator"
license MIT
difficulty 2
seed 303
size 8x8

grid
#     #     #     3\    11\   #     #     #
#     #     \4    .     .     5\    #     #
#     4\    6\6   .     .     .     17\   4\
\3    .     .     12\12 .     .     .     .
\10   .     .     .     .     3\4   .     .
#     \5    .     .     3\3   .     .     16\
#     #     \18   .     .     .     .     .
#     #     \3    .     .     \16   .     .

solution
# # # # # # # #
# # # 1 3 # # #
# # # 2 1 3 # #
# 1 2 # 5 2 4 1
# 3 1 4 2 # 1 3
# # 3 2 # 1 2 #
# # # 5 1 2 3 7
# # # 1 2 # 7 9
