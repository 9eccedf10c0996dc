kakuro
title "Six 9"
by "Hanjie generator"
license MIT
difficulty 2
seed 202
size 6x6

grid
#   7\  18\ 11\ #   #
\7  .   .   .   6\  #
\16 .   .   .   .   #
\12 .   .   .   .   #
#   \7  .   .   .   #
#   #   #   #   #   #

solution
# # # # # #
# 4 1 2 # #
# 1 7 5 3 #
# 2 6 3 1 #
# # 4 1 2 #
# # # # # #
