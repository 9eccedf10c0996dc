kakuro
title "Eight 3"
by "Hanjie generator"
license MIT
difficulty 2
seed 300
size 8x8

grid
#    #    #    #    #    #    28\  5\
#    #    #    #    8\   4\8  .    .
#    #    #    \10  .    .    .    .
#    #    10\  8\6  .    .    .    11\
#    \9   .    .    .    13\3 .    .
#    3\4  .    .    4\11 .    .    .
\29  .    .    .    .    .    .    .
\4   .    .    \10  .    .    .    .

solution
# # # # # # # #
# # # # # # 5 3
# # # # 4 1 3 2
# # # # 1 3 2 #
# # 2 4 3 # 1 2
# # 1 3 # 3 7 1
# 2 4 1 3 8 6 5
# 1 3 # 1 2 4 3
