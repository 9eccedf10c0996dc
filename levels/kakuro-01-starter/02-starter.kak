kakuro
title "Starter 02"
by "Hanjie team"
license MIT
difficulty 2
size 5x5

grid
#   14\ 19\ 16\ 3\
\13 .   .   .   .
\26 .   .   .   .
\9  .   .   #   #
\4  .   .   #   #

solution
# # # # #
# 2 3 7 1
# 8 7 9 2
# 1 8 # #
# 3 1 # #

