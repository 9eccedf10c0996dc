kakuro
title "Six 4"
by "Hanjie generator"
license MIT
difficulty 1
seed 104
size 6x6

grid
#   #   12\ 10\ #   #
#   3\6 .   .   #   #
\6  .   .   .   6\  #
\11 .   .   .   .   3\
#   #   \7  .   .   .
#   #   #   \4  .   .

solution
# # # # # #
# # 4 2 # #
# 2 3 1 # #
# 1 5 3 2 #
# # # 4 1 2
# # # # 3 1
