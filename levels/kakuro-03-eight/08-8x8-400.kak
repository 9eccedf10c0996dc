kakuro
title "Eight 8"
by "Hanjie generator"
license MIT
difficulty 3
seed 400
size 8x8

grid
#     5\    39\   #     7\    23\   31\   18\
\3    .     .     25\13 .     .     .     .
\41   .     .     .     .     .     .     .
#     11\30 .     .     .     .     .     .
\7    .     .     .     #     7\16  .     .
\8    .     .     .     4\6   .     .     .
\21   .     .     .     .     .     #     #
\25   .     .     .     .     .     #     #

solution
# # # # # # # #
# 1 2 # 1 6 4 2
# 4 7 6 2 9 8 5
# # 6 2 4 8 7 3
# 2 4 1 # # 9 7
# 1 3 4 # 2 3 1
# 3 8 5 1 4 # #
# 5 9 7 3 1 # #
