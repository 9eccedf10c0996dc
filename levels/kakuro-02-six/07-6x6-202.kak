kakuro
title "Six 7"
by "Hanjie generator"
license MIT
difficulty 2
seed 202
size 6x6

grid
#   10\ 13\ 4\  16\ #
\22 .   .   .   .   #
\14 .   .   .   .   #
\4  .   .   #   #   #
\3  .   .   #   #   #
#   #   #   #   #   #

solution
# # # # # #
# 4 6 3 9 #
# 2 4 1 7 #
# 3 1 # # #
# 1 2 # # #
# # # # # #
