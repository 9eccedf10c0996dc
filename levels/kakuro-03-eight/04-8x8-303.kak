kakuro
title "Eight 4"
by "Hanjie generator"
license MIT
difficulty 2
seed 303
size 8x8

grid
#     #     #     28\   30\   8\    29\   #
#     #     17\14 .     .     .     .     #
#     27\32 .     .     .     .     .     4\
\30   .     .     .     .     .     .     .
\30   .     .     .     .     3\4   .     .
\6    .     .     .     3\3   .     .     4\
\28   .     .     .     .     .     .     .
#     #     \3    .     .     \3    .     .

solution
# # # # # # # #
# # # 3 6 1 4 #
# # 3 7 9 5 8 #
# 8 1 4 7 2 5 3
# 9 7 6 8 # 3 1
# 3 2 1 # 2 1 #
# 7 4 5 2 1 6 3
# # # 2 1 # 2 1
