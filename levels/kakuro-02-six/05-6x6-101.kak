kakuro
title "Six 5"
by "Hanjie generator"
license MIT
difficulty 1
seed 101
size 6x6

grid
#   #   #   #   #   #
#   #   #   11\ 11\ #
#   #   3\3 .   .   #
#   \10 .   .   .   4\
#   \13 .   .   .   .
#   #   #   \3  .   .

solution
# # # # # #
# # # # # #
# # # 2 1 #
# # 2 5 3 #
# # 1 4 5 3
# # # # 2 1
