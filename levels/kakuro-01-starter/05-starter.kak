kakuro
title "Starter 05"
by "Hanjie team"
license MIT
difficulty 2
size 7x7

grid
#     #     #     #     9\    15\   3\
#     #     34\   6\14  .     .     .
#     \22   .     .     .     .     .
#     13\8  .     .     #     10\   24\
\12   .     .     #     10\16 .     .
\11   .     .     \18   .     .     .
\13   .     .     \10   .     .     .

solution
# # # # # # #
# # # # 6 7 1
# # 4 5 3 8 2
# # 7 1 # # #
# 4 8 # # 7 9
# 2 9 # 9 1 8
# 7 6 # 1 2 7

