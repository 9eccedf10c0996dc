kakuro
title "Six 9"
by "Hanjie generator"
license MIT
difficulty 2
seed 202
size 6x6

grid
#   #   #   19\ 15\ #
#   #   \3  .   .   #
#   4\  3\4 .   .   7\
\18 .   .   .   .   .
\16 .   .   .   .   .
#   #   \7  .   .   .

solution
# # # # # #
# # # 1 2 #
# # # 3 1 #
# 3 1 7 5 2
# 1 2 6 3 4
# # # 2 4 1
