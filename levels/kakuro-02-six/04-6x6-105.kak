kakuro
title "Six 4"
by "Hanjie generator"
license MIT
difficulty 1
seed 105
size 6x6

grid
#     #     #     4\    3\    6\
#     #     15\7  .     .     .
#     12\10 .     .     .     .
\3    .     .     #     #     #
\16   .     .     #     #     #
\4    .     .     #     #     #

solution
# # # # # #
# # # 1 2 4
# # 4 3 1 2
# 2 1 # # #
# 9 7 # # #
# 1 3 # # #
