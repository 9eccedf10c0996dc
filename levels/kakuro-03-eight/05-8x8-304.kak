kakuro
title "Eight 5"
by "Hanjie generator"
license MIT
difficulty 2
seed 304
size 8x8

grid
#    #    #    #    #    #    35\  17\
#    #    #    #    #    \6   .    .
#    #    #    #    #    \16  .    .
#    #    #    #    12\  8\7  .    .
#    #    #    \11  .    .    .    .
#    16\  4\   3\10 .    .    .    3\
\30  .    .    .    .    .    .    .
\14  .    .    .    .    \4   .    .

solution
# # # # # # # #
# # # # # # 1 5
# # # # # # 9 7
# # # # # # 4 3
# # # # 1 3 5 2
# # # # 2 1 7 #
# 9 3 1 5 4 6 2
# 7 1 2 4 # 3 1
