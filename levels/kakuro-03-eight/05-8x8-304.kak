kakuro
title "Eight 5"
by "Hanjie generator"
license MIT
difficulty 2
seed 304
size 8x8

grid
#    3\   6\   #    #    #    #    #
\4   .    .    15\  #    7\   9\   #
\6   .    .    .    14\4 .    .    #
#    \15  .    .    .    .    .    #
#    #    3\13 .    .    .    .    #
#    \7   .    .    .    #    #    #
#    \8   .    .    .    #    #    #
#    #    #    #    #    #    #    #

solution
# # # # # # # #
# 1 3 # # # # #
# 2 1 3 # 1 3 #
# # 2 1 3 4 5 #
# # # 4 6 2 1 #
# # 1 2 4 # # #
# # 2 5 1 # # #
# # # # # # # #
