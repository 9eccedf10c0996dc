kakuro
title "Six 1"
by "Hanjie generator"
license MIT
difficulty 1
seed 104
size 6x6

grid
#   #   #   #   #   #
#   #   4\  7\  #   #
#   \4  .   .   11\ #
#   \7  .   .   .   4\
#   #   \12 .   .   .
#   #   #   \3  .   .

solution
# # # # # #
# # # # # #
# # 3 1 # #
# # 1 2 4 #
# # # 4 5 3
# # # # 2 1
