kakuro
title "Six 9"
by "Hanjie generator"
license MIT
difficulty 2
seed 203
size 6x6

grid
#   #   #   11\ 16\ 3\
#   #   \7  .   .   .
#   8\  7\6 .   .   .
\12 .   .   .   .   3\
\16 .   .   .   .   .
\3  .   .   \4  .   .

solution
# # # # # #
# # # 2 4 1
# # # 3 1 2
# 4 1 5 2 #
# 3 4 1 6 2
# 1 2 # 3 1
