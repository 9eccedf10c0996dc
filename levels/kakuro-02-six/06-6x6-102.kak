kakuro
title "Six 6"
by "Hanjie generator"
license MIT
difficulty 1
seed 102
size 6x6

grid
#   4\  6\  #   #   #
\4  .   .   17\ #   #
\7  .   .   .   7\  4\
#   \12 .   .   .   .
#   #   \12 .   .   .
#   #   \3  .   .   #

solution
# # # # # #
# 3 1 # # #
# 1 2 4 # #
# # 3 6 2 1
# # # 5 4 3
# # # 2 1 #
