kakuro
title "Six 1"
by "Hanjie generator"
license MIT
difficulty 1
seed 101
size 6x6

grid
#    #    #    7\   3\   4\
#    #    11\7 .    .    .
#    7\11 .    .    .    .
\7   .    .    .    #    #
\4   .    .    #    #    #
\3   .    .    #    #    #

solution
# # # # # #
# # # 4 2 1
# # 5 2 1 3
# 4 2 1 # #
# 1 3 # # #
# 2 1 # # #
