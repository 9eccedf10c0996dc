kakuro
title "Eight 2"
by "Hanjie generator"
license MIT
difficulty 2
seed 302
size 8x8

grid
#     #     23\   39\   #     #     #     #
#     16\16 .     .     #     18\   6\    4\
\23   .     .     .     6\13  .     .     .
\35   .     .     .     .     .     .     .
#     #     7\10  .     .     .     4\    #
#     \16   .     .     .     .     .     #
#     \4    .     .     \3    .     .     #
#     \3    .     .     #     #     #     #

solution
# # # # # # # #
# # 9 7 # # # #
# 9 6 8 # 6 4 3
# 7 8 9 3 5 2 1
# # # 5 1 4 # #
# # 4 6 2 1 3 #
# # 1 3 # 2 1 #
# # 2 1 # # # #
