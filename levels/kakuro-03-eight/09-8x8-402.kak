kakuro
title "Eight 9"
by "Hanjie generator"
license MIT
difficulty 3
seed 402
size 8x8

grid
#     #     #     #     39\   28\   35\   4\
#     #     #     \14   .     .     .     .
#     #     #     16\26 .     .     .     .
#     11\   10\30 .     .     .     .     9\
\30   .     .     .     .     .     .     .
\15   .     .     .     .     4\17  .     .
\18   .     .     .     .     .     #     #
\3    .     .     \3    .     .     #     #

solution
# # # # # # # #
# # # # 3 4 6 1
# # # # 6 9 8 3
# # # 6 9 8 7 #
# 3 4 2 8 7 5 1
# 1 3 7 4 # 9 8
# 5 2 1 7 3 # #
# 2 1 # 2 1 # #
