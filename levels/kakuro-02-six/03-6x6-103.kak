kakuro
title "Six 3"
by "Hanjie generator"
license MIT
difficulty 1
seed 103
size 6x6

grid
#   #   #   #   6\  7\
#   #   #   \5  .   .
#   #   #   6\3 .   .
#   3\  5\6 .   .   .
\7  .   .   .   #   #
\6  .   .   .   #   #

solution
# # # # # #
# # # # 1 4
# # # # 2 1
# # # 1 3 2
# 1 4 2 # #
# 2 1 3 # #
