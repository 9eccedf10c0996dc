kakuro
title "Six 3"
by "Hanjie generator"
license MIT
difficulty 1
seed 100
size 6x6

grid
#   #   #   14\ 10\ #
#   #   \4  .   .   #
#   3\  4\3 .   .   #
\13 .   .   .   .   #
\11 .   .   .   .   #
#   #   #   #   #   #

solution
# # # # # #
# # # 1 3 #
# # # 2 1 #
# 2 1 6 4 #
# 1 3 5 2 #
# # # # # #
