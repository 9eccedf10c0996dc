kakuro
title "Six 3"
by "Hanjie generator"
license MIT
difficulty 1
seed 103
size 6x6

grid
#   #   #   7\  5\  4\
#   #   \8  .   .   .
#   6\  7\7 .   .   .
\7  .   .   .   #   #
\3  .   .   #   #   #
\4  .   .   #   #   #

solution
# # # # # #
# # # 4 1 3
# # # 2 4 1
# 2 4 1 # #
# 1 2 # # #
# 3 1 # # #
