kakuro
title "Six 3"
by "Hanjie generator"
license MIT
difficulty 1
seed 102
size 6x6

grid
#   4\  18\ #   #   #
\3  .   .   10\ 4\  3\
\16 .   .   .   .   .
#   \10 .   .   .   .
#   \4  .   .   #   #
#   \6  .   .   #   #

solution
# # # # # #
# 1 2 # # #
# 3 6 4 1 2
# # 4 2 3 1
# # 1 3 # #
# # 5 1 # #
