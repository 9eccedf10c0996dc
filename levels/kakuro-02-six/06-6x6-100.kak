kakuro
title "Six 6"
by "Hanjie generator"
license MIT
difficulty 1
seed 100
size 6x6

grid
#     #     16\   10\   4\    3\
#     11\11 .     .     .     .
\19   .     .     .     .     .
\7    .     .     .     #     #
\4    .     .     #     #     #
\3    .     .     #     #     #

solution
# # # # # #
# # 3 5 1 2
# 5 6 4 3 1
# 2 4 1 # #
# 3 1 # # #
# 1 2 # # #
