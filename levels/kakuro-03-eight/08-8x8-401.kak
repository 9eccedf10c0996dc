kakuro
title "Eight 8"
by "Hanjie generator"
license MIT
difficulty 3
seed 401
size 8x8

grid
#     #     20\   3\    16\   38\   #     #
#     10\25 .     .     .     .     #     #
\19   .     .     .     .     .     19\   4\
\3    .     .     #     \6    .     .     .
\4    .     .     8\    19\20 .     .     .
\32   .     .     .     .     .     .     16\
#     #     \32   .     .     .     .     .
#     #     \4    .     .     \8    .     .

solution
# # # # # # # #
# # 8 2 9 6 # #
# 4 2 1 7 5 # #
# 2 1 # # 3 2 1
# 1 3 # # 9 8 3
# 3 6 2 9 7 5 #
# # # 5 7 8 3 9
# # # 1 3 # 1 7
