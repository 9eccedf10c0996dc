kakuro
title "Eight 2"
by "Hanjie generator"
license MIT
difficulty 2
seed 302
size 8x8

grid
#     4\    7\    #     #     4\    20\   #
\4    .     .     6\    \3    .     .     #
\6    .     .     .     31\4  .     .     4\
#     \8    .     .     .     20\4  .     .
#     3\    4\29  .     .     .     .     .
\4    .     .     16\23 .     .     .     #
\17   .     .     .     .     .     #     #
#     #     \17   .     .     #     #     #

solution
# # # # # # # #
# 3 1 # # 1 2 #
# 1 2 3 # 3 1 #
# # 4 1 3 # 3 1
# # # 2 7 9 8 3
# 1 3 # 9 8 6 #
# 2 1 7 4 3 # #
# # # 9 8 # # #
