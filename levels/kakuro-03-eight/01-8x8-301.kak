kakuro
title "Eight 1"
by "Hanjie generator"
license MIT
difficulty 2
seed 301
size 8x8

grid
#    4\   6\   #    #    10\  25\  #
\3   .    .    18\  \3   .    .    #
\6   .    .    .    3\16 .    .    #
#    \16  .    .    .    .    .    3\
#    4\   3\3  .    .    8\4  .    .
\8   .    .    .    5\6  .    .    .
\21  .    .    .    .    .    .    #
#    #    #    \3   .    .    #    #

solution
# # # # # # # #
# 1 2 # # 1 2 #
# 3 1 2 # 7 9 #
# # 3 6 1 2 4 #
# # # 1 2 # 3 1
# 3 1 4 # 3 1 2
# 1 2 5 3 4 6 #
# # # # 2 1 # #
