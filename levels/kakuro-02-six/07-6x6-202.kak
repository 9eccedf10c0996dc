kakuro
title "Six 7"
by "Hanjie generator"
license MIT
difficulty 2
seed 202
size 6x6

grid
#   4\  7\  #   #   #
\3  .   .   11\ #   #
\6  .   .   .   12\ 6\
#   \10 .   .   .   .
#   #   \7  .   .   .
#   #   \14 .   .   .

solution
# # # # # #
# 1 2 # # #
# 3 1 2 # #
# # 4 3 2 1
# # # 1 4 2
# # # 5 6 3
