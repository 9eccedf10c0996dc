kakuro
title "Eight 4"
by "Hanjie generator"
license MIT
difficulty 2
seed 301
size 8x8

grid
#   #   #   #   #   #   #   #
#   #   9\  19\ 3\  #   #   #
#   \7  .   .   .   4\  13\ #
#   \17 .   .   .   .   .   4\
#   \5  .   .   6\8 .   .   .
#   #   \5  .   .   3\4 .   .
#   #   \11 .   .   .   .   #
#   #   #   \4  .   .   #   #

solution
# # # # # # # #
# # # # # # # #
# # 2 4 1 # # #
# # 3 6 2 1 5 #
# # 4 1 # 3 4 1
# # # 3 2 # 1 3
# # # 5 1 2 3 #
# # # # 3 1 # #
