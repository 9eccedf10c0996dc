kakuro
title "Six 8"
by "Hanjie generator"
license MIT
difficulty 2
seed 203
size 6x6

grid
#    #    #    #    15\  13\
#    #    #    \5   .    .
#    #    #    7\16 .    .
#    5\   4\6  .    .    .
\10  .    .    .    .    #
\7   .    .    .    #    #

solution
# # # # # #
# # # # 1 4
# # # # 9 7
# # # 1 3 2
# 1 3 4 2 #
# 4 1 2 # #
