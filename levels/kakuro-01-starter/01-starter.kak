kakuro
title "Starter 01"
by "Hanjie team"
license MIT
difficulty 1
size 5x5

grid
#     #     24\   6\    3\
#     13\14 .     .     .
\10   .     .     .     .
\7    .     .     .     #
\15   .     .     #     #

solution
# # # # #
# # 9 3 2
# 4 3 2 1
# 2 4 1 #
# 7 8 # #

