kakuro
title "Starter 06"
by "Hanjie team"
license MIT
difficulty 3
size 7x7

grid
#     #     #     18\   11\   17\   #
#     #     21\13 .     .     .     21\
#     19\24 .     .     .     .     .
\11   .     .     .     14\13 .     .
\4    .     .     16\14 .     .     .
\34   .     .     .     .     .     #
#     \24   .     .     .     #     #

solution
# # # # # # #
# # # 8 3 2 #
# # 2 9 8 1 4
# 7 3 1 # 5 8
# 3 1 # 2 3 9
# 9 8 7 4 6 #
# # 7 9 8 # #

