kakuro
title "Six 5"
by "Hanjie generator"
license MIT
difficulty 1
seed 105
size 6x6

grid
#     #     #     7\    3\    8\
#     #     \6    .     .     .
#     6\    11\11 .     .     .
\7    .     .     .     #     #
\3    .     .     #     #     #
\8    .     .     #     #     #

solution
# # # # # #
# # # 2 1 3
# # # 4 2 5
# 2 4 1 # #
# 1 2 # # #
# 3 5 # # #
