kakuro
title "Six 2"
by "Hanjie generator"
license MIT
difficulty 1
seed 100
size 6x6

grid
#   #   10\ 4\  #   #
#   3\3 .   .   10\ #
\10 .   .   .   .   3\
\3  .   .   4\4 .   .
#   \10 .   .   .   .
#   #   \4  .   .   #

solution
# # # # # #
# # 2 1 # #
# 1 4 3 2 #
# 2 1 # 3 1
# # 3 1 4 2
# # # 3 1 #
