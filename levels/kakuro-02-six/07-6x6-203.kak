kakuro
title "Six 7"
by "Hanjie generator"
license MIT
difficulty 2
seed 203
size 6x6

grid
#    #    #    4\   16\  #
#    #    \3   .    .    16\
#    3\   6\6  .    .    .
\4   .    .    16\4 .    .
\19  .    .    .    .    .
#    \25  .    .    .    .

solution
# # # # # #
# # # 1 2 #
# # # 3 1 2
# 1 3 # 3 1
# 2 1 7 4 5
# # 2 9 6 8
