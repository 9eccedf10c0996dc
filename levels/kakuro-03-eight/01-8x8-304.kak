kakuro
title "Eight 1"
by "Hanjie generator"
license MIT
difficulty 2
seed 304
size 8x8

grid
#     7\    10\   4\    #     #     7\    6\
\7    .     .     .     25\   \4    .     .
\14   .     .     .     .     3\3   .     .
\4    .     .     14\12 .     .     .     .
#     \10   .     .     .     .     #     #
#     4\    3\16  .     .     #     #     #
\7    .     .     .     #     #     #     #
\6    .     .     .     #     #     #     #

solution
# # # # # # # #
# 4 2 1 # # 1 3
# 2 1 3 8 # 2 1
# 1 3 # 5 1 4 2
# # 4 1 3 2 # #
# # # 7 9 # # #
# 1 2 4 # # # #
# 3 1 2 # # # #
