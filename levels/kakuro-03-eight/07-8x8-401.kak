kakuro
title "Eight 7"
by "Hanjie generator"
license MIT
difficulty 3
seed 401
size 8x8

grid
#    8\   35\  #    #    #    #    #
\16  .    .    36\  4\   16\  17\  27\
\35  .    .    .    .    .    .    .
#    \23  .    .    .    .    .    .
#    \3   .    .    #    \16  .    .
#    \16  .    .    8\   16\7 .    .
#    \22  .    .    .    .    #    #
#    \29  .    .    .    .    #    #

solution
# # # # # # # #
# 7 9 # # # # #
# 1 2 7 3 9 5 8
# # 3 4 1 7 2 6
# # 1 2 # # 7 9
# # 7 9 # # 3 4
# # 8 6 1 7 # #
# # 5 8 7 9 # #
