kakuro
title "Eight 1"
by "Hanjie generator"
license MIT
difficulty 2
seed 300
size 8x8

grid
#    #    #    #    #    #    7\   6\
#    #    #    #    #    \3   .    .
#    #    #    #    #    11\5 .    .
#    #    #    #    4\8  .    .    .
#    #    #    6\4  .    .    7\   #
#    6\   3\12 .    .    .    .    4\
\6   .    .    .    \6   .    .    .
\7   .    .    .    #    \3   .    .

solution
# # # # # # # #
# # # # # # 1 2
# # # # # # 2 3
# # # # # 3 4 1
# # # # 3 1 # #
# # # 2 1 5 4 #
# 2 1 3 # 2 1 3
# 4 2 1 # # 2 1
