kakuro
title "Eight 10"
by "Hanjie generator"
license MIT
difficulty 3
seed 401
size 8x8

grid
#     3\    35\   #     #     #     #     #
\4    .     .     22\   5\    23\   20\   27\
\41   .     .     .     .     .     .     .
#     \27   .     .     .     .     .     .
#     \4    .     .     22\23 .     .     .
#     \28   .     .     .     .     .     .
#     \19   .     .     .     .     .     #
#     \11   .     .     .     .     #     #

solution
# # # # # # # #
# 1 3 # # # # #
# 2 9 7 4 5 8 6
# # 8 5 1 4 2 7
# # 1 3 # 8 6 9
# # 7 4 9 2 1 5
# # 5 2 8 1 3 #
# # 2 1 5 3 # #
