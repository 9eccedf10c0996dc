kakuro
title "Six 10"
by "Hanjie generator"
license MIT
difficulty 2
seed 200
size 6x6

grid
#   10\ 7\  16\ #   #
\6  .   .   .   #   #
\11 .   .   .   8\  4\
\18 .   .   .   .   .
#   #   \7  .   .   .
#   #   \3  .   .   #

solution
# # # # # #
# 2 1 3 # #
# 1 4 6 # #
# 7 2 1 5 3
# # # 4 2 1
# # # 2 1 #
