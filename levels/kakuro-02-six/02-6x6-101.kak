kakuro
title "Six 2"
by "Hanjie generator"
license MIT
difficulty 1
seed 101
size 6x6

grid
#    #    13\  3\   13\  #
#    20\7 .    .    .    #
\22  .    .    .    .    #
\16  .    .    #    #    #
\4   .    .    #    #    #
#    #    #    #    #    #

solution
# # # # # #
# # 2 1 4 #
# 8 3 2 9 #
# 9 7 # # #
# 3 1 # # #
# # # # # #
