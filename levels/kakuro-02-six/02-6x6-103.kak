kakuro
title "Six 2"
by "Hanjie generator"
license MIT
difficulty 1
seed 103
size 6x6

grid
#    #    #    3\   10\  #
#    #    14\4 .    .    4\
#    3\10 .    .    .    .
\4   .    .    3\3  .    .
\13  .    .    .    .    #
#    \3   .    .    #    #

solution
# # # # # #
# # # 1 3 #
# # 4 2 1 3
# 1 3 # 2 1
# 2 6 1 4 #
# # 1 2 # #
