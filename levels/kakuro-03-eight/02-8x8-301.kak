kakuro
title "Eight 2"
by "Hanjie generator"
license MIT
difficulty 2
seed 301
size 8x8

grid
#   7\  8\  17\ #   11\ 4\  3\
\7  .   .   .   \9  .   .   .
\6  .   .   .   3\7 .   .   .
\16 .   .   .   .   .   #   #
#   7\  6\3 .   .   #   #   #
\11 .   .   .   #   #   #   #
\4  .   .   #   #   #   #   #
\3  .   .   #   #   #   #   #

solution
# # # # # # # #
# 1 4 2 # 5 3 1
# 2 1 3 # 4 1 2
# 4 3 6 1 2 # #
# # # 1 2 # # #
# 4 2 5 # # # #
# 1 3 # # # # #
# 2 1 # # # # #
