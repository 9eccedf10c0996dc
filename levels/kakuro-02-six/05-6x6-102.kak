kakuro
title "Six 5"
by "Hanjie generator"
license MIT
difficulty 1
seed 102
size 6x6

grid
#   #   12\ 4\  3\  #
#   7\9 .   .   .   #
\10 .   .   .   .   #
\3  .   .   #   #   #
\4  .   .   #   #   #
#   #   #   #   #   #

solution
# # # # # #
# # 6 1 2 #
# 4 2 3 1 #
# 2 1 # # #
# 1 3 # # #
# # # # # #
