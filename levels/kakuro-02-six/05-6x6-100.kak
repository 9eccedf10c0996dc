kakuro
title "Six 5"
by "Hanjie generator"
license MIT
difficulty 1
seed 100
size 6x6

grid
#   3\  15\ #   6\  3\
\4  .   .   8\3 .   .
\15 .   .   .   .   .
#   4\6 .   .   .   #
\6  .   .   .   #   #
\5  .   .   #   #   #

solution
# # # # # #
# 1 3 # 1 2
# 2 5 4 3 1
# # 1 3 2 #
# 3 2 1 # #
# 1 4 # # #
