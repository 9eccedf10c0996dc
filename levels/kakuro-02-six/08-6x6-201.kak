kakuro
title "Six 8"
by "Hanjie generator"
license MIT
difficulty 2
seed 201
size 6x6

grid
#   #   #   #   7\  5\
#   #   11\ 8\3 .   .
#   \13 .   .   .   .
#   4\8 .   .   .   #
\7  .   .   .   #   #
\4  .   .   #   #   #

solution
# # # # # #
# # # # 2 1
# # 5 3 1 4
# # 3 1 4 #
# 1 2 4 # #
# 3 1 # # #
