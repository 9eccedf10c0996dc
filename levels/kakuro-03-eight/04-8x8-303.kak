kakuro
title "Eight 4"
by "Hanjie generator"
license MIT
difficulty 2
seed 303
size 8x8

grid
#    #    #    10\  3\   26\  #    #
#    #    \7   .    .    .    #    #
#    7\   6\9  .    .    .    16\  4\
\7   .    .    .    10\7 .    .    .
\4   .    .    6\11 .    .    .    .
\23  .    .    .    .    .    .    3\
#    #    \16  .    .    .    .    .
#    #    \3   .    .    \4   .    .

solution
# # # # # # # #
# # # 4 2 1 # #
# # # 5 1 3 # #
# 4 2 1 # 4 2 1
# 1 3 # 2 5 1 3
# 2 1 3 4 7 6 #
# # # 1 3 6 4 2
# # # 2 1 # 3 1
