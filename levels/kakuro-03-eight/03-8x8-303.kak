kakuro
title "Eight 3"
by "Hanjie generator"
license MIT
difficulty 2
seed 303
size 8x8

grid
#    #    20\  12\  16\  #    #    #
#    6\23 .    .    .    16\  #    #
\19  .    .    .    .    .    7\   #
\9   .    .    .    \4   .    .    #
\4   .    .    3\   4\3  .    .    #
#    \15  .    .    .    .    .    #
#    #    \7   .    .    .    #    #
#    #    #    #    #    #    #    #

solution
# # # # # # # #
# # 6 8 9 # # #
# 3 2 1 7 6 # #
# 2 4 3 # 3 1 #
# 1 3 # # 1 2 #
# # 5 1 3 2 4 #
# # # 2 1 4 # #
# # # # # # # #
