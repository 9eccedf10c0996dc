kakuro
title "Six 10"
by "Hanjie generator"
license MIT
difficulty 2
seed 201
size 6x6

grid
#    3\   16\  #    10\  6\
\4   .    .    16\4 .    .
\20  .    .    .    .    .
#    4\10 .    .    .    .
\11  .    .    .    .    #
\6   .    .    .    #    #

solution
# # # # # #
# 1 3 # 1 3
# 2 6 7 4 1
# # 4 1 3 2
# 3 1 5 2 #
# 1 2 3 # #
