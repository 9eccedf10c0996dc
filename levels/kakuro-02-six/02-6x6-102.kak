kakuro
title "Six 2"
by "Hanjie generator"
license MIT
difficulty 1
seed 102
size 6x6

grid
#   4\  16\ #   #   #
\3  .   .   12\ 4\  3\
\16 .   .   .   .   .
#   \13 .   .   .   .
#   \3  .   .   #   #
#   \4  .   .   #   #

solution
# # # # # #
# 1 2 # # #
# 3 6 4 1 2
# # 4 5 3 1
# # 1 2 # #
# # 3 1 # #
