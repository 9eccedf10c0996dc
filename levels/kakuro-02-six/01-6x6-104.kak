kakuro
title "Six 1"
by "Hanjie generator"
license MIT
difficulty 1
seed 104
size 6x6

grid
#   #   #   #   6\  3\
#   #   #   6\4 .   .
#   #   6\6 .   .   .
#   4\6 .   .   .   #
\6  .   .   .   #   #
\3  .   .   #   #   #

solution
# # # # # #
# # # # 3 1
# # # 3 1 2
# # 3 1 2 #
# 3 1 2 # #
# 1 2 # # #
