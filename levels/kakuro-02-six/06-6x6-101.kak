kakuro
title "Six 6"
by "Hanjie generator"
license MIT
difficulty 1
seed 101
size 6x6

grid
#   3\  6\  #   #   #
\4  .   .   10\ #   #
\6  .   .   .   9\  6\
#   \11 .   .   .   .
#   #   \7  .   .   .
#   #   \6  .   .   .

solution
# # # # # #
# 1 3 # # #
# 2 1 3 # #
# # 2 1 5 3
# # # 4 1 2
# # # 2 3 1
