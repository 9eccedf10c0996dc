kakuro
title "Six 8"
by "Hanjie generator"
license MIT
difficulty 2
seed 200
size 6x6

grid
#   3\  21\ #   10\ 3\
\4  .   .   7\3 .   .
\16 .   .   .   .   .
#   3\7 .   .   .   #
\14 .   .   .   .   #
\3  .   .   #   #   #

solution
# # # # # #
# 1 3 # 1 2
# 2 6 4 3 1
# # 4 1 2 #
# 1 7 2 4 #
# 2 1 # # #
