kakuro
title "Eight 10"
by "Hanjie generator"
license MIT
difficulty 3
seed 402
size 8x8

grid
#     #     #     #     #     #     19\   20\
#     #     #     #     17\   35\4  .     .
#     #     #     \29   .     .     .     .
#     #     28\   12\16 .     .     .     .
#     \19   .     .     .     .     .     #
#     3\31  .     .     .     .     .     #
\18   .     .     .     .     .     #     #
\17   .     .     .     #     #     #     #

solution
# # # # # # # #
# # # # # # 1 3
# # # # 5 7 8 9
# # # # 1 5 2 8
# # 7 1 2 6 3 #
# # 8 3 6 9 5 #
# 1 4 2 3 8 # #
# 2 9 6 # # # #
