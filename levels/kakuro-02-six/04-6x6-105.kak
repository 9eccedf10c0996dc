kakuro
title "Six 4"
by "Hanjie generator"
license MIT
difficulty 1
seed 105
size 6x6

grid
#   #   #   6\  5\  3\
#   #   \6  .   .   .
#   7\  6\7 .   .   .
\6  .   .   .   #   #
\5  .   .   #   #   #
\3  .   .   #   #   #

solution
# # # # # #
# # # 3 1 2
# # # 2 4 1
# 2 3 1 # #
# 4 1 # # #
# 1 2 # # #
